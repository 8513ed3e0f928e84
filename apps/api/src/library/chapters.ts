import { plainText } from '@blok/domain/markup';

// What the library, the reader and Home share: who reads, which chapters count, grouping.

/** The signed-in student (the account's, read with the device check), as the library, the reader and Home see her. */
export type { Student as Reader } from '../user/service.ts';

/** A chapter is valid only if its title is non-empty without markup (spec section 3). */
export const isValidChapter = (c: { title: string }) => plainText(c.title) !== '';

export const groupBy = <T, K>(items: T[], key: (t: T) => K): Map<K, T[]> => {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
};
