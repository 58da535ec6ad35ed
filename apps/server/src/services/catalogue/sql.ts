import { type Column, getTableName, type SQL, sql } from "drizzle-orm";

/**
 * A column always written as "table"."column". Drizzle leaves the table out of a single-table
 * query's select list, where a correlated subquery would then bind the name to its own tables.
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
