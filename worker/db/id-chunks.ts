/** D1 binds at most 100 parameters per statement: ids go in chunks that leave room for the others. */
const IDS_PER_STATEMENT = 90

/**
 * Runs one statement per chunk of `ids` in one batch (one transaction): `statement` gets the
 * chunk and its `?, ?, …` placeholders. Nothing runs for no ids.
 */
export async function batchByIdChunks(
  db: D1Database,
  ids: readonly number[],
  statement: (placeholders: string, chunk: number[]) => D1PreparedStatement,
): Promise<void> {
  const statements: D1PreparedStatement[] = []
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    const chunk = ids.slice(start, start + IDS_PER_STATEMENT)
    statements.push(statement(chunk.map(() => '?').join(', '), chunk))
  }
  if (statements.length > 0) await db.batch(statements)
}
