/** Removes HTML tags and Markdown markers, leaving the visible text. A lone `<` or `>` (as in "MO < MK") stays. */
export function stripMarkup(input: string): string {
  return input
    .replace(/<\/?[a-zA-Z][^<>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>)\s?/gm, '')
    .replace(/[*_`]/g, '');
}
