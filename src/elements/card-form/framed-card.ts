import { FramedFields, type FramedHost } from '../../fields/parent/framed-fields.ts';
import { fireCardChange, fireFieldsRefused, fireFieldsUnavailable } from './card-events.ts';

/**
 * The card form's fields in a frame of the fields' origin (`fields-origin`), and what the form does
 * with what the frame says: renders its state again, fires the change event for a person's edit,
 * submits the host form for a press on Pay in the fields' origin or Enter in the frame (what Enter
 * in one of its own inputs does), and passes the fields' refusals and silence on to the page.
 */
export function framedCard(
  form: FramedHost,
  language: () => string,
  disabled: () => boolean,
  hostForm: () => HTMLFormElement | null,
): FramedFields {
  const framed: FramedFields = new FramedFields(form, {
    language,
    disabled,
    onState: (state, user) => {
      form.requestUpdate();
      if (user) fireCardChange(form, state);
    },
    onPress: () => {
      const submit = hostForm();
      if (submit) submit.requestSubmit();
      // No form to answer the press: the fields hear so at once.
      else framed.frame?.cancel();
    },
    onRefused: (reason) => fireFieldsRefused(form, reason),
    onUnavailable: () => fireFieldsUnavailable(form),
  });
  return framed;
}
