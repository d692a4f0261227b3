import type { ColumnDefinitionBuilder } from "kysely";

export type Dialect = "sqlite" | "postgres";

/** An auto-incrementing integer primary key in either dialect. */
export function idColumn(dialect: Dialect) {
  return (col: ColumnDefinitionBuilder) =>
    dialect === "sqlite" ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
}

export function dialectOf(databaseUrl: string): Dialect {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return "postgres";
  if (databaseUrl.startsWith("sqlite:") || databaseUrl === ":memory:") return "sqlite";
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got ${databaseUrl}`);
}
