/** Writes `.br` and `.gz` copies of every compressible file under dist; returns counts and sizes. */
export function precompress(dist: string): { count: number; raw: number; brotli: number };
