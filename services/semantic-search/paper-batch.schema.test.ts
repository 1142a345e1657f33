import { batchRequestCost } from './paper-batch.schema';

describe("the data API's cost of a batch", () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `p_${i}`);

  it('is one request per 50 distinct ids', () => {
    expect([1, 50, 51, 100, 101, 500].map((n) => batchRequestCost({ ids: ids(n) }))).toEqual([1, 1, 2, 2, 3, 10]);
    expect(batchRequestCost({ ids: [...ids(50), ...ids(50), 'doi:10.5555/A', 'doi:10.5555/a'] })).toBe(2);
  });

  it('is one for a body the route refuses', () => {
    for (const body of [undefined, {}, { ids: [] }, { ids: ids(501) }, { ids: [...ids(120), 'bad id!'] }, { ids: ids(120), extra: 1 }]) expect(batchRequestCost(body)).toBe(1);
  });
});
