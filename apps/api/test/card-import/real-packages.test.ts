import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseImport } from '../../src/card-import/parse.ts';
import { DEFAULT_IMPORT_LIMITS } from '../../src/card-import/types.ts';

/**
 * Packages written by Anki itself (real-packages/README.md: where they come from, why they are not
 * committed). Runs when CARD_IMPORT_REAL_PACKAGES names the folder holding them.
 */
const dir = process.env.CARD_IMPORT_REAL_PACKAGES;

const SHA256: Record<string, string> = {
  'orbit-testCollection.colpkg': '7dede56d0271b7ee75bbf5e3fe64d023e049c4363430cbaa2a1fc933721dd9a8',
  'templates.apkg': 'f930bd1191b945f7cecf3a974f2aa67014e23528e52d662b7194be0123677b9c',
  'anki-media.apkg': 'fc194fe7e41f9a78790db405d1daa782a909459e83ffb54828d5ed682212dc7d',
  'anki-update1.apkg': '28d89bb7bf41df25513e148e96acbdac93bcc71fadcee8e552b57d4413394d02',
};

function load(name: string): Uint8Array {
  const bytes = readFileSync(join(dir!, name));
  expect(createHash('sha256').update(bytes).digest('hex'), `${name} is not the file the README lists`).toBe(SHA256[name]);
  return new Uint8Array(bytes);
}
const parse = (name: string) => parseImport({ source: name.endsWith('.colpkg') ? 'colpkg' : 'apkg', bytes: load(name), limits: DEFAULT_IMPORT_LIMITS });

describe.skipIf(!dir)('packages exported by Anki itself', () => {
  it('reads a collection package of Anki 2.1 with basic, typed, reversed and cloze notes and two pictures', async () => {
    const r = await parse('orbit-testCollection.colpkg');
    expect(r.problems).toEqual([]);
    expect(new Map(r.noteTypes.map((n) => [n.name, [n.kind, n.notes]]))).toEqual(
      new Map([
        ['Basic', ['standard', 2]],
        ['Basic (and reversed card)', ['standard', 1]],
        ['Basic (type in the answer)', ['standard', 1]],
        ['Cloze', ['cloze', 1]],
      ]),
    );
    expect(r.cards.map((c) => [c.source, c.front, c.back])).toEqual([
      ['notitie 1', 'Test Q', 'Test A'],
      ['notitie 2', 'Test Q', 'Test A'],
      ['notitie 3, kaart 1', 'Test Q with reverse', 'Test A with reverse'],
      ['notitie 3, kaart 2', 'Test A with reverse', 'Test Q with reverse'],
      ['notitie 4, cloze 1', 'Test \\[…\\] deletion prompt', 'Test **cloze** deletion prompt\n\nExtra text'],
      ['notitie 4, cloze 2', 'Test cloze deletion \\[…\\]', 'Test cloze deletion **prompt**\n\nExtra text'],
      ['notitie 5', 'Test question with an image', 'Test answer with an image'],
    ]);
    const pictured = r.cards[6]!;
    expect(r.pictures[pictured.frontPicture!]!.type).toBe('image/jpeg');
    expect(r.pictures[pictured.backPicture!]!.type).toBe('image/jpeg');
  });

  it("reads AnkiDroid's template deck: clozes over several fields, a card per field, sound and missing pictures named", async () => {
    const r = await parse('templates.apkg');
    expect(r.deckName).toBe('1-TEMPLATES');
    expect(r.cards).toHaveLength(111);
    // before: "Kaart 2 heeft geen bijbehorende cloze" for every deletion outside the first field
    expect(r.problems.filter((p) => /notitie (17|21)\b/.test(p.where))).toEqual([]);
    expect(r.cards.filter((c) => c.source.startsWith('notitie 1,')).map((c) => c.back)).toEqual([
      'Adduction at shoulder\nFlexion at shoulder',
      'Scapula (coracoid process)',
      'Humerus (medial mid-shaft)',
      'Musculocutaneous',
    ]);
    // its notes sit in the sub-deck 1-TEMPLATES::Anatomy: kept as a tag
    // German -> Thai: {{type:Thai}} on the front is an answer box, so Thai is the back, not a second front
    expect(r.cards.find((c) => c.front === 'Konzert')).toMatchObject({ back: 'คอนเสิร์ต' });
    expect(r.cards[0]!.tags).toEqual(['Muscle', 'UpperEx', 'arm', 'Anatomy']);
    expect(r.notices).toEqual(['46 geluidsfragmenten zijn weggelaten: Blok speelt geen geluid af.', '16 afbeeldingen ontbreken in het pakket; de kaarten komen zonder.']);
  });

  it("reads Anki's own media and update test packages", async () => {
    const media = await parse('anki-media.apkg');
    expect(media.cards).toEqual([]);
    expect(media.problems).toEqual([{ where: 'notitie 1', message: 'De voorkant is alleen geluid, en Blok speelt geen geluid af.', skipped: true }]);
    const update = await parse('anki-update1.apkg');
    expect(update.cards.map((c) => [c.front, c.back])).toEqual([['hello', 'world']]);
  });
});
