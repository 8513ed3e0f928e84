import { useTranslation } from '../../../lib/i18n.ts';
import type { OwnSetSummary } from '@blok/contract/own-cards';
import { paths } from '../../../config/paths.ts';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar/progress-bar.tsx';
import { useOwnSubjectSets } from '../api/get-own-sets.ts';
import { Card, CardActions, CardBadge, CardList, CardMeta, CardText, CardTitle } from '../../../components/ui/card/card.tsx';
import { Section } from '../../../components/ui/section/section.tsx';

/**
 * Her own sets of a subject, on that subject's flashcards overview (the route puts it there): each
 * marked as hers, studied with the flashcards' settings and session screens; and where to make or
 * import one into this subject.
 */
export function SubjectOwnSets({ subjectId }: { subjectId: string }) {
  const { t } = useTranslation('ownCards');
  const sets = useOwnSubjectSets(subjectId);
  const list = sets.data?.sets ?? [];
  return (
    <Section titleId="subject-own-sets" title={t('subject.title')}>
      {sets.isError && (
        <Notice variant="error" role="alert">
          {t('subject.loadError')}
        </Notice>
      )}
      {sets.data && list.length === 0 && <CardText>{t('subject.empty')}</CardText>}
      {list.length > 0 && (
        <CardList>
          {list.map((set) => (
            <OwnSetItem key={set.id} set={set} mine />
          ))}
        </CardList>
      )}
      <CardActions>
        <ButtonLink variant="secondary" size="sm" to={paths.cardImport.root.getHref({ vak: subjectId })}>
          {t('subject.import')}
        </ButtonLink>
        <ButtonLink variant="ghost" size="sm" to={paths.ownCards.root.getHref()}>
          {t('subject.all')}
        </ButtonLink>
      </CardActions>
    </Section>
  );
}

/** One of her sets in a list of a subject's or a course's sets: to study or open; `mine` marks it as hers beside Blok's. */
export function OwnSetItem({ set, mine = false }: { set: OwnSetSummary; mine?: boolean }) {
  const { t } = useTranslation('ownCards');
  return (
    <Card as="li">
      <CardTitle>{set.title}</CardTitle>
      {set.description && <CardText>{set.description}</CardText>}
      <CardMeta>
        {mine && <CardBadge>{t('subject.mine')}</CardBadge>}
        <span>{t('sets.cardCount', { count: set.cardCount })}</span>
        <span>{t('sets.known', { known: set.knownCount, total: set.cardCount })}</span>
      </CardMeta>
      <ProgressBar value={set.progress} label={t('sets.progressLabel', { title: set.title })} />
      <CardActions>
        {set.cardCount > 0 && (
          <ButtonLink to={paths.ownCards.study.getHref(set.id)} aria-label={t('subject.studyLabel', { title: set.title })}>
            {t('subject.study')}
          </ButtonLink>
        )}
        <ButtonLink variant="secondary" to={paths.ownCards.set.getHref(set.id)} aria-label={t('sets.openLabel', { title: set.title })}>
          {t('subject.open')}
        </ButtonLink>
      </CardActions>
    </Card>
  );
}
