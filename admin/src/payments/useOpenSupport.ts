import { HttpError, useNotify } from 'react-admin';
import { supportFile, type SupportType } from './cashApi';

/**
 * Opens an order's proof or RUT in a new tab (getpaymentsupport). The tab is opened before the
 * download, inside the click, so browsers do not block it; a failure closes it and says why.
 */
export function useOpenSupport(): (referenceUuid: string, type: SupportType) => Promise<void> {
  const notify = useNotify();
  return async (referenceUuid, type) => {
    const opened = window.open('', '_blank');
    try {
      const { blob } = await supportFile(referenceUuid, type);
      const url = URL.createObjectURL(blob);
      if (opened) opened.location.href = url;
      else window.open(url, '_blank');
    } catch (error) {
      opened?.close();
      notify(error instanceof HttpError && error.message ? error.message : 'resources.payments.download_failed', { type: 'error' });
    }
  };
}
