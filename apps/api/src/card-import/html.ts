import sanitizeHtml from 'sanitize-html';

/** What one side of an Anki card becomes: light Markdown, the pictures it names, sound left out. */
export interface ConvertedSide {
  markdown: string;
  /** src of each <img>, in order (plain names of the package's media; other sources are dropped) */
  images: string[];
  /** [sound:…] tags, <audio> and <video> left out */
  sounds: number;
  /** pictures from elsewhere (http…) left out */
  externalImages: number;
}

/** Tags kept through the sanitizer; every other tag is dropped with its attributes (its text stays). */
const KEPT = ['b', 'strong', 'i', 'em', 'u', 'br', 'div', 'p', 'ul', 'ol', 'li', 'sub', 'sup', 'img', 'hr', 'a'];

/** A link's target as Markdown writes it between ( and ): no space, parenthesis or angle bracket of its own. */
const markdownUrl = (href: string) => href.trim().replace(/[\s()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Text as Markdown shows it literally: Markdown's punctuation escaped. */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_[\]<>#|~]/g, (c) => `\\${c}`).replace(/^(\s*)(\d+)\. /gm, '$1$2\\. ').replace(/^(\s*)([-+]) /gm, '$1\\$2 ');

/**
 * Anki's field HTML -> the light Markdown of a Blok card. First sanitize-html keeps only simple
 * formatting (bold, italic, lists, line breaks, links to http(s) and mailto, pictures by name) and
 * drops scripts, styles and every attribute but an image's src and a link's href; then that small, well-formed HTML is written as Markdown,
 * its text escaped, so nothing of the package reaches the page as HTML of its own.
 */
export function ankiHtmlToMarkdown(html: string): ConvertedSide {
  let sounds = 0;
  const withoutSound = html.replace(/\[sound:[^\]]*\]/g, () => {
    sounds++;
    return '';
  });
  sounds += (withoutSound.match(/<(audio|video)\b/gi) ?? []).length;
  // the sanitizer drops a src with a scheme: count those pictures first
  const externalImages = (withoutSound.match(/<img\b[^>]*\bsrc\s*=\s*["']?\s*(?:[a-z][a-z0-9+.-]*:|\/\/)/gi) ?? []).length;
  const clean = sanitizeHtml(withoutSound, {
    allowedTags: KEPT,
    allowedAttributes: { img: ['src'], a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    // empty emphasis would be stray asterisks
    exclusiveFilter: (frame) => ['b', 'strong', 'i', 'em'].includes(frame.tag) && frame.text.trim() === '',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'audio', 'video', 'object', 'iframe', 'title'],
  });
  const images: string[] = [];
  let out = '';
  const listStack: Array<{ ordered: boolean; n: number; indent: string }> = [];
  // an open link's target, or null for a link without one (its text stays)
  const links: Array<string | null> = [];
  // right after a list item's marker a paragraph starts on the marker's line
  const atItemStart = () => /(^|\n) *(?:-|\d+\.) $/.test(out);
  // Markdown's emphasis neither opens before white space nor closes after it ("<b>x<br></b>" is
  // "**x**\n", not "**x\n**", which shows its asterisks), nor spans blocks: an opening mark waits
  // for its text, a closing one goes before the white space at the end, and at a block's edge the
  // open marks close and open again after it
  const open: string[] = [];
  let pending: string[] = [];
  const flush = () => {
    out += pending.join('');
    pending = [];
  };
  const text = (chunk: string) => {
    if (pending.length === 0 || chunk.trim() === '') {
      out += chunk;
      return;
    }
    const lead = /^\s*/.exec(chunk)![0];
    out += lead;
    flush();
    out += chunk.slice(lead.length);
  };
  const closeMark = (mark: string) => {
    const tail = /\s*$/.exec(out)![0];
    out = `${out.slice(0, out.length - tail.length)}${mark}${tail}`;
  };
  const emphasis = (mark: string, closing: boolean) => {
    if (!closing) {
      open.push(mark);
      pending.push(mark);
      return;
    }
    open.pop();
    if (pending.length > 0) pending.pop();
    else closeMark(mark);
  };
  /** A block's edge: the emphasis written so far closes before it and opens again after it. */
  const block = (separator: string) => {
    for (const mark of open.slice(0, open.length - pending.length).reverse()) closeMark(mark);
    pending = [...open];
    out += separator;
  };
  const re = /<(\/?)([a-z0-9]+)((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/gi;
  let last = 0;
  for (let m = re.exec(clean); m; m = re.exec(clean)) {
    text(escapeMarkdown(decodeEntities(clean.slice(last, m.index)).replace(/\s+/g, ' ')));
    last = re.lastIndex;
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    switch (tag) {
      case 'b':
      case 'strong':
        emphasis('**', closing);
        break;
      case 'i':
      case 'em':
        emphasis('*', closing);
        break;
      case 'sub':
      case 'sup':
        flush();
        out += `<${closing ? '/' : ''}${tag}>`;
        break;
      case 'br':
        out += '\n';
        break;
      case 'hr':
        block('\n\n');
        break;
      case 'div':
      case 'p':
        if (!atItemStart()) block('\n');
        break;
      case 'ul':
      case 'ol':
        if (closing) listStack.pop();
        else {
          // a list inside an item is indented under the item's text
          const parent = listStack[listStack.length - 1];
          listStack.push({ ordered: tag === 'ol', n: 0, indent: parent ? parent.indent + ' '.repeat(parent.ordered ? `${parent.n}. `.length : 2) : '' });
        }
        // an outer list is a block of its own; a nested one goes on with its item's lines
        if (listStack.length === (closing ? 0 : 1)) block('\n');
        break;
      case 'li':
        if (!closing) {
          const list = listStack[listStack.length - 1];
          if (list) list.n++;
          block(`\n${list?.indent ?? ''}${list?.ordered ? `${list.n}. ` : '- '}`);
        }
        break;
      case 'a':
        if (closing) {
          const href = links.pop();
          if (href) out += `](${markdownUrl(href)})`;
        } else {
          const href = decodeEntities(/href="([^"]*)"/.exec(m[3] ?? '')?.[1] ?? '');
          links.push(href !== '' ? href : null);
          if (href !== '') {
            flush();
            out += '[';
          }
        }
        break;
      case 'img': {
        const src = decodeEntities(/src="([^"]*)"/.exec(m[3] ?? '')?.[1] ?? '');
        if (src !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(src) && !src.startsWith('//')) images.push(safeDecode(src));
        break;
      }
      default:
        break;
    }
  }
  text(escapeMarkdown(decodeEntities(clean.slice(last)).replace(/\s+/g, ' ')));
  const markdown = out
    .split('\n')
    // a nested list item keeps its indent
    .map((l) => (/^ +(?:-|\d+\.) /.test(l) ? l.trimEnd() : l.trim()))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { markdown, images, sounds, externalImages };
}

/** Anki writes media names URL-encoded in src when they hold spaces and the like. */
function safeDecode(src: string): string {
  try {
    return decodeURIComponent(src);
  } catch {
    return src;
  }
}
