import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { SummaryDetails } from '../../../features/summary/components/summary-details.tsx';

/** LibraryDetails (id = summary id): its back link goes to Home (spec route table). */
export function Component() {
  const { t } = useTranslation('library');
  const { id = '' } = useParams();
  return <SummaryDetails key={id} summaryId={id} back={{ to: paths.home.root.getHref(), label: t('details.back') }} />;
}
