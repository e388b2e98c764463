import { useEffect, useState } from "react";
import { apiBlob } from "../../providers/api-client";

export interface LogoPreview {
  /** An object URL of the fetched image, or null while loading, without a logo, or after a failure. */
  src: string | null;
  loading: boolean;
  failed: boolean;
}

/**
 * The logo at the API's URL, fetched with the bearer token (an <img src> cannot send it) and shown through
 * an object URL, which is revoked when the URL changes or the page goes away.
 */
export function useLogoPreview(url: string | null): LogoPreview {
  const [state, setState] = useState<LogoPreview & { url: string | null }>({ url: null, src: null, loading: false, failed: false });

  useEffect(() => {
    if (!url) {
      setState({ url, src: null, loading: false, failed: false });
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ url, src: null, loading: true, failed: false });
    apiBlob(url, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url, src: objectUrl, loading: false, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ url, src: null, loading: false, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  // Until the effect has caught up with a new URL, show nothing rather than the previous logo.
  return state.url === url ? state : { src: null, loading: Boolean(url), failed: false };
}
