/** The row type a Kysely query answers with: `RowOf<ReturnType<typeof selectUsers>>`. */
export type RowOf<Q extends { execute(): Promise<readonly unknown[]> }> = Awaited<ReturnType<Q['execute']>>[number];
