import { useEffect, useState } from 'react';
import { authFetch } from '../api';

export interface StoredFile {
  url: string;
  contentType: string;
}

/**
 * A stored file of the API read with the session (the offer image of a private or inactive
 * package is only for staff, and an `<img src>` sends no bearer token), as an object URL that
 * lives while the component shows it. Undefined while loading or when it cannot be read.
 */
export function useStoredFile(address: string | null | undefined): StoredFile | undefined {
  const [file, setFile] = useState<StoredFile>();
  useEffect(() => {
    setFile(undefined);
    if (!address) return;
    let url: string | undefined;
    let cancelled = false;
    void authFetch(address)
      .then(async (response) => {
        if (!response.ok || cancelled) return;
        const blob = await response.blob();
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setFile({ url, contentType: blob.type || (response.headers.get('content-type') ?? '') });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [address]);
  return file;
}
