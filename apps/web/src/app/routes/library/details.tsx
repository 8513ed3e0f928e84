import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';

/** LibraryDetails: its back link goes to Home (spec route table). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('library.details.title')}
      intro={t('library.details.text')}
      back={{ to: paths.home.root.getHref(), label: t('library.details.back') }}
    />
  );
}
