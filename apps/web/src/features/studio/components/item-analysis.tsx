import { useTranslation } from '../../../lib/i18n.ts';
import type { StudioItem } from '@blok/contract/studio';
import { plainText } from '@blok/domain/markup';
import { Card } from '../../../components/ui/card/card.tsx';
import { useItemAnalysis } from '../api/get-item-analysis.ts';
import styles from './studio.module.css';

const percent = (share: number) => `${Math.round(share * 100)}%`;
const decimal = (n: number) => n.toLocaleString('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Item analysis (issue 40): per question from students' practice and mock exam answers, the share right, the
 * discrimination and the picks per wrong answer, the questions with a flag first, so an author sees
 * which to fix.
 */
export function ItemAnalysis({ subjectId }: { subjectId: string }) {
  const { t } = useTranslation('studio');
  const analysis = useItemAnalysis(subjectId);
  const items = [...(analysis.data?.items ?? [])].sort((a, b) => Number(b.flags.length > 0) - Number(a.flags.length > 0));
  const flagged = items.filter((i) => i.flags.length > 0).length;
  return (
    <Card as="section" spacious className={styles.card} aria-labelledby="studio-items">
      <h2 id="studio-items" className={styles.sectionTitle}>
        {t('items.title')}
      </h2>
      <p className={styles.muted}>{t('items.intro')}</p>
      {analysis.isError && <p className={styles.muted}>{t('loadError')}</p>}
      {analysis.data && <p className={styles.muted}>{flagged === 0 ? t('items.noFlags') : t('items.flagged', { count: flagged })}</p>}
      <ul className={styles.list}>
        {items.map((item) => (
          <ItemRow key={item.questionId} item={item} />
        ))}
      </ul>
    </Card>
  );
}

function ItemRow({ item }: { item: StudioItem }) {
  const { t } = useTranslation('studio');
  const text = plainText(item.text.replace(/[*_`#]/g, ''));
  return (
    <li className={styles.answer}>
      <p>
        <strong>{item.questionId}</strong> · {item.listTitle}
      </p>
      <p className={styles.muted}>{text.length > 140 ? `${text.slice(0, 140)}…` : text}</p>
      <p>
        {item.answers === 0
          ? t('items.noAnswers')
          : t('items.numbers', {
              count: item.answers,
              share: percent(item.shareRight ?? 0),
              discrimination: item.discrimination === null ? t('items.unknown') : decimal(item.discrimination),
            })}
        {item.fromMockExams > 0 && ` ${t('items.fromMockExams', { count: item.fromMockExams })}`}
      </p>
      {item.distractors.length > 0 && item.answers > 0 && (
        <ul className={styles.muted}>
          {item.distractors.map((d, i) => (
            <li key={i}>{t('items.picks', { text: plainText(d.text.replace(/[*_`]/g, '')), count: d.picks })}</li>
          ))}
        </ul>
      )}
      {item.flags.length > 0 && (
        <ul aria-label={t('items.flagsLabel')} className={styles.list}>
          {item.flags.map((f) => (
            <li key={f}>
              <strong>{t(`items.flags.${f}`)}</strong>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
