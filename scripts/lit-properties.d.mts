export function decoratorsAsProperties(code: string, id?: string): string;
export function litProperties(): {
  name: string;
  enforce: 'pre';
  transform(code: string, id: string): { code: string; map: null } | null;
};
