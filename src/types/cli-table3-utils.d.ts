// cli-table3's measuring functions, which its cells call through this module's
// exports (see output/table.ts, which makes them measure by kettle's rule).
declare module 'cli-table3/src/utils.js' {
  interface Utils {
    strlen(text: string): number;
    pad(text: string, width: number, fill: string, align: string): string;
    truncate(text: string, width: number, ellipsis?: string): string;
  }
  const utils: Utils;
  export default utils;
}
