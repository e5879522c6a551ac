// A bundler asset import (Vite's `?url`): the asset's address. The apps get it from vite/client.
declare module '*?url' {
  const url: string;
  export default url;
}
