import { useTranslation } from '../../lib/i18n.ts';
import { Toast } from '../ui/toast/toast.tsx';
import { AlertIcon } from '../icons/icons.tsx';
import { DEFAULT_API_ERROR, clearGlobalApiError, useGlobalApiError } from '../../lib/api-error.ts';

/** Shows the global API error state (spec section 8) as a toast; closing it clears the state. */
export function ApiErrorToast() {
  const { t } = useTranslation('common');
  const error = useGlobalApiError();
  if (!error) return null;
  const message = error.code === DEFAULT_API_ERROR.code && error.message === DEFAULT_API_ERROR.message ? t('errors.unknown') : error.message;
  return (
    <Toast
      key={error.id}
      open
      onOpenChange={(open) => !open && clearGlobalApiError()}
      variant="error"
      type="foreground"
      icon={<AlertIcon size={22} />}
      title={message}
      duration={7000}
    />
  );
}
