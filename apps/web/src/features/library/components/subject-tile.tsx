import { subjectColors, subjectInitials } from '../utils/subject-style.ts';
import styles from './library.module.css';

/** The subject's coloured initials tile (decorative: the title next to it names the subject). */
export function SubjectTile({ id, title, size = 'md' }: { id: string; title: string; size?: 'md' | 'lg' }) {
  const { bg, fg } = subjectColors(id);
  return (
    <span className={styles.tile} data-size={size} style={{ background: bg, color: fg }} aria-hidden="true">
      {subjectInitials(title)}
    </span>
  );
}
