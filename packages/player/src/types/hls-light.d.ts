// hls.js ships no types for its light build (`exports["./light"]` has none); it is the same API.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
