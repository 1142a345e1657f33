/** The targets for the public search (information only: the bench never fails on them). */
export const TARGETS = { missP50Ms: 5, missP99Ms: 25, hitToBareRatio: 0.6 } as const;
