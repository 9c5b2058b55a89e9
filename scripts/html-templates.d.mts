export function collapseHtmlTemplates(code: string): string;
export function collapseHtml(): {
  name: string;
  transform(code: string, id: string): { code: string; map: null } | null;
};
