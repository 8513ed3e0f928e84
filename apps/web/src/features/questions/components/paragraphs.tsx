/** Text a student typed (her open answer), with its line breaks: blank lines make paragraphs. Never Markdown, never HTML. */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  const parts = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return (
    <>
      {parts.map((p, i) => (
        <p key={i} className={className} style={{ whiteSpace: 'pre-line' }}>
          {p}
        </p>
      ))}
    </>
  );
}
