import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import studio from '../components/studio.module.css';

/** The studio home's way to the catalogue (admins only: the home shows it to them alone). */
export function CatalogueLink() {
  const { t } = useTranslation('studioCatalogue');
  return (
    <Link to={paths.studio.catalogue.getHref()} className={studio.subjectLink}>
      <strong>{t('link')}</strong>
    </Link>
  );
}
