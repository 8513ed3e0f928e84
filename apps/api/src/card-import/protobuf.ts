/**
 * A minimal protocol buffers reader for the few messages of an Anki package we read (the package
 * meta, the media list, a note type's kind and a template's formats): fields by number, varints
 * and length-delimited bytes; other wire types are skipped.
 */
export interface ProtoField {
  field: number;
  wire: number;
  /** varint value (wire 0) */
  varint?: bigint;
  /** bytes (wire 2) */
  bytes?: Uint8Array;
}

export class ProtoError extends Error {}

function readVarint(buf: Uint8Array, pos: number): [bigint, number] {
  let result = 0n;
  let shift = 0n;
  for (let i = 0; i < 10; i++) {
    if (pos >= buf.length) throw new ProtoError('truncated varint');
    const b = buf[pos++]!;
    result |= BigInt(b & 0x7f) << shift;
    if ((b & 0x80) === 0) return [result, pos];
    shift += 7n;
  }
  throw new ProtoError('varint too long');
}

export function readMessage(buf: Uint8Array): ProtoField[] {
  const out: ProtoField[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const [key, next] = readVarint(buf, pos);
    pos = next;
    const field = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (field === 0) throw new ProtoError('field 0');
    if (wire === 0) {
      const [v, p] = readVarint(buf, pos);
      out.push({ field, wire, varint: v });
      pos = p;
    } else if (wire === 2) {
      const [len, p] = readVarint(buf, pos);
      const end = p + Number(len);
      if (end > buf.length) throw new ProtoError('truncated bytes');
      out.push({ field, wire, bytes: buf.subarray(p, end) });
      pos = end;
    } else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else throw new ProtoError(`wire type ${wire}`);
  }
  if (pos > buf.length) throw new ProtoError('truncated');
  return out;
}

const utf8 = new TextDecoder('utf-8');
export const fieldString = (fields: ProtoField[], n: number) => {
  const f = fields.find((x) => x.field === n && x.bytes);
  return f?.bytes ? utf8.decode(f.bytes) : '';
};
export const fieldVarint = (fields: ProtoField[], n: number) => Number(fields.find((x) => x.field === n && x.varint !== undefined)?.varint ?? 0n);

/** Writers, for the tests that build packages and for the export. */
export function varint(value: number | bigint): number[] {
  let v = BigInt(value);
  const out: number[] = [];
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) b |= 0x80;
    out.push(b);
  } while (v > 0n);
  return out;
}
export const encodeVarintField = (field: number, value: number | bigint) => [...varint(field << 3), ...varint(value)];
export function encodeBytesField(field: number, bytes: Uint8Array | string): number[] {
  const b = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  return [...varint((field << 3) | 2), ...varint(b.length), ...b];
}
