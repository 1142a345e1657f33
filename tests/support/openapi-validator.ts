import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Validates live response bodies against the schemas of the served OpenAPI document, so the
 * document and the behaviour cannot drift apart.
 */
export function schemaValidator(openApiDocument: object) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(openApiDocument, 'openapi');
  return (schemaName: string, body: unknown): string[] => {
    const validate = ajv.getSchema(`openapi#/components/schemas/${schemaName}`);
    if (!validate) throw new Error(`no schema ${schemaName} in the document`);
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}
