import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { PageShell } from '../../components/layouts/page-shell.tsx';

/** TutorialOverview receives the optional route id as a property (spec route table). */
function TutorialOverview({ id }: { id?: string | undefined }) {
  const { t } = useTranslation('tutorial');
  return (
    <div data-tutorial-id={id}>
      <PageShell title={t('title')} intro={t('text')} back={{ to: paths.home.root.getHref(), label: t('toHome') }} />
    </div>
  );
}

export function Component() {
  const { id } = useParams();
  return <TutorialOverview id={id} />;
}
