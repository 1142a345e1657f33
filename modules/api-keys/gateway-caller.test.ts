import express from 'express';
import request from 'supertest';
import { CALLER_HEADER, SERVICE_TOKEN_HEADER, callerFromGateway } from './gateway-caller';

const CURRENT = 'current-service-token-0123';
const PREVIOUS = 'previous-service-token-0123';
const caller = Buffer.from(JSON.stringify({ keyId: 'k_1', plan: 'researcher' })).toString('base64url');

/** A service's listener: answers with the caller it trusted, or none. */
function service(current: string | undefined, previous?: string) {
  const app = express();
  app.use(callerFromGateway(current, previous));
  app.get('/who', (req, res) => void res.json({ caller: req.apiCaller ?? null }));
  return (token?: string) => {
    const req = request(app).get('/who').set(CALLER_HEADER, caller);
    return (token === undefined ? req : req.set(SERVICE_TOKEN_HEADER, token)).expect(200);
  };
}

describe('the caller a gateway forwards', () => {
  it('is trusted with the service token and with nothing else', async () => {
    const ask = service(CURRENT);
    expect((await ask(CURRENT)).body.caller).toEqual({ keyId: 'k_1', plan: 'researcher', internal: false });
    expect((await ask(PREVIOUS)).body.caller).toBeNull();
    expect((await ask()).body.caller).toBeNull();
  });

  it('is trusted with the previous token too while SERVICE_TOKEN_PREVIOUS is set (a rotation without errors)', async () => {
    const ask = service(CURRENT, PREVIOUS);
    expect((await ask(CURRENT)).body.caller).toMatchObject({ keyId: 'k_1' });
    expect((await ask(PREVIOUS)).body.caller).toMatchObject({ keyId: 'k_1' });
    expect((await ask('some-other-token-0123456')).body.caller).toBeNull();
  });

  it('is never trusted by a service without a token, whatever the previous one says', async () => {
    const ask = service(undefined, PREVIOUS);
    expect((await ask(PREVIOUS)).body.caller).toBeNull();
  });
});

describe("the allowance left that travels with the caller (a route sizes a costly answer by it)", () => {
  const app = express();
  app.use(callerFromGateway(CURRENT));
  app.get('/who', (req, res) => void res.json({ caller: req.apiCaller ?? null }));
  const ask = (value: unknown) =>
    request(app)
      .get('/who')
      .set(CALLER_HEADER, Buffer.from(JSON.stringify({ keyId: 'k_1', plan: 'demo', allowanceLeft: value })).toString('base64url'))
      .set(SERVICE_TOKEN_HEADER, CURRENT)
      .expect(200);

  it('is kept when it is a whole number from 0, and dropped otherwise', async () => {
    expect((await ask(7)).body.caller).toEqual({ keyId: 'k_1', plan: 'demo', internal: false, allowanceLeft: 7 });
    expect((await ask(0)).body.caller.allowanceLeft).toBe(0);
    for (const bad of [-1, 1.5, '7', null]) expect((await ask(bad)).body.caller).not.toHaveProperty('allowanceLeft');
  });
});
