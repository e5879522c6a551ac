/// <reference lib="dom" />

/**
 * A multipart request that reports upload progress (fetch reports none, so XMLHttpRequest), for
 * both browser apps. Resolves with the reply as a Response; rejects only when no reply came (the
 * connection failed). Browser only.
 */
export function sendWithProgress(options: {
  method: 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  form: FormData;
  onProgress?: (fraction: number) => void;
}): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method, options.url);
    for (const [key, value] of Object.entries(options.headers)) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onload = () => resolve(new Response(xhr.responseText, { status: xhr.status }));
    xhr.send(options.form);
  });
}
