/**
 * Sends `fields` as one HTML form POST (UTF-8) to `action`, into the frame named `target`; `place`
 * puts the form where it can be submitted. The form exists for the instant of its submission:
 * the submission has its body already, and nothing of it stays in the page. The Direct Post of the
 * in-page checkout and of the isolated fields' frame both go through here.
 */
export function postForm(
  place: (form: HTMLFormElement) => void,
  action: string,
  target: string,
  fields: readonly (readonly [string, string])[],
): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.target = target;
  form.acceptCharset = 'utf-8';
  form.hidden = true;
  for (const [key, value] of fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = key;
    input.value = value;
    form.append(input);
  }
  place(form);
  form.submit();
  form.remove();
}
