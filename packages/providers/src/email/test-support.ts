import { type Database, migrateDatabase, openDatabase } from "@tally/db";
import type { ProviderLogger } from "../logger.ts";

export interface LogLine {
  level: "info" | "warn";
  obj: object;
  msg: string | undefined;
}

export const recordingLogger = (): ProviderLogger & { lines: LogLine[] } => {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (obj, msg) => lines.push({ level: "info", obj, msg }),
    warn: (obj, msg) => lines.push({ level: "warn", obj, msg }),
  };
};

export const migratedMemoryDb = async (): Promise<Database> => {
  const database = await openDatabase({});
  await migrateDatabase(database);
  return database;
};
