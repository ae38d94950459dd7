import { getRandomValues } from "node:crypto";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const ALPHABET = `${LETTERS}0123456789`;
const LENGTH = 24;

/**
 * A new id: 24 characters of `[0-9a-z]` (the spec's `^[0-9a-z]+$`), a letter first, drawn from the
 * operating system's random source: about 123 random bits, as hard to guess as a UUID v4 (a guest
 * order's id is its capability). A byte is used only below the largest multiple of the alphabet's
 * size, so every character is uniform. Ids are made for nearly every row written, so this is one
 * call to the random source and no hashing (cuid2's sha3 cost ~0.2 ms an id).
 */
export const newId = (): string => {
  let id = "";
  while (id.length < LENGTH) {
    const bytes = getRandomValues(new Uint8Array(LENGTH * 2));
    for (const byte of bytes) {
      if (id.length === LENGTH) break;
      const alphabet = id.length === 0 ? LETTERS : ALPHABET;
      const limit = 256 - (256 % alphabet.length);
      if (byte < limit) id += alphabet[byte % alphabet.length];
    }
  }
  return id;
};

export const idPattern = /^[0-9a-z]+$/;
