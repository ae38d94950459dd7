import postgres from "postgres";

/** Drops and recreates database `name` on the server at `pgUrl`; returns its URL. */
export const freshDatabase = async (pgUrl: string, name: string): Promise<string> => {
  const admin = postgres(`${pgUrl}/postgres`, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return `${pgUrl}/${name}`;
};
