import styles from './chapter-annotations-slot.module.css';

/**
 * The place of the highlights' bar above the chapter, empty, while their code loads after the
 * chapter's first paint (issue 43, app/routes/summary/read.tsx): the same box as the bar, so the
 * chapter's text stays where it was painted when the bar takes its place.
 */
export function ChapterAnnotationsSlot() {
  return <div className={styles.slot} aria-hidden="true" />;
}
