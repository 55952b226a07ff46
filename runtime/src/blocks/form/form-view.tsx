import { useEffect, useRef, useState } from 'react';
import type { PageContext } from '../../../../contract/context/types';
import type { FormDefinition } from '../../../../contract/model/forms/types';
import { validateForm } from '../../../../contract/model/forms/validate';
import { Captcha, type CaptchaHandle } from './captcha';
import { Field, inputId } from './fields';
import { submitForm } from './submit';
import { collectValues } from './values';
import { formWords } from './words';
import { trustedHtml } from '../../platform/trusted-types';
import { changingText } from '../../ui/changing-text';

type Status = 'idle' | 'submitting' | 'success';

export interface FormViewProps {
  definition: FormDefinition;
  page: Readonly<PageContext>;
  formKey: string;
  isOverlayForm: boolean;
  onSuccess(): void;
  /** How many of the fields render (the block renders a long form a few fields per turn); all without it. */
  fieldCount?: number;
  /** Section titles' heading level (the block's place in the page's outline). */
  headingLevel: number;
}

/** The form: idle → submitting (locked) → success, or back to idle with the errors shown. */
export function FormView({ definition, page, formKey, isOverlayForm, onSuccess, fieldCount, headingLevel }: FormViewProps) {
  const form = useRef<HTMLFormElement>(null);
  const busy = useRef(false);
  const captcha = useRef<CaptchaHandle | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [above, setAbove] = useState('');
  const [below, setBelow] = useState('');
  const [captchaBlocked, setCaptchaBlocked] = useState(false);
  const [focusFirstError, setFocusFirstError] = useState(0);
  const general = useRef<HTMLDivElement>(null);
  const words = formWords();

  useEffect(() => {
    if (!focusFirstError || !form.current) return;
    const invalid = form.current.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? general.current)?.focus();
  }, [focusFirstError]);

  const showFailure = (message: string, fieldErrors: Record<string, string> = {}) => {
    setErrors(fieldErrors);
    const hasFieldErrors = Object.keys(fieldErrors).length > 0;
    // Server field errors: unless a newsletter, point people at them from both ends.
    if (hasFieldErrors && !definition.newsletter) {
      setAbove(words.scrollDown);
      setBelow(words.scrollUp);
    } else {
      setAbove(message);
      setBelow('');
    }
    setFocusFirstError((n) => n + 1);
  };

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (busy.current || captchaBlocked || !form.current) return; // one submit at a time
    const values = collectValues(form.current, definition.fields, location.search);
    const fieldErrors = validateForm(definition.fields, values, words);
    if (Object.keys(fieldErrors).length > 0) {
      setErrors(fieldErrors);
      setAbove(words.formInvalid);
      setBelow('');
      setFocusFirstError((n) => n + 1);
      return;
    }
    busy.current = true;
    const captchaKey = definition.captcha ? ((await captcha.current?.answer()) ?? '') : undefined;
    if (definition.captcha && !captchaKey) {
      busy.current = false;
      showFailure(words.completeCaptcha);
      return;
    }
    setStatus('submitting');
    setErrors({});
    setAbove('');
    setBelow('');
    const outcome = await submitForm(definition, values, page, { captchaKey, isOverlayForm });
    busy.current = false;
    if (outcome.ok) {
      setStatus('success');
      onSuccess();
      return;
    }
    setStatus('idle');
    if (outcome.captchaFailed) {
      setCaptchaBlocked(true);
      captcha.current?.reset();
    }
    showFailure(outcome.message, outcome.errors);
  };

  const submitting = status === 'submitting';
  const generalId = inputId(formKey, 'general-error');
  return (
    <form
      ref={form}
      className="site-form"
      noValidate
      onSubmit={(event) => void onSubmit(event as unknown as Event)}
      aria-describedby={above ? generalId : undefined}
      aria-busy={submitting ? 'true' : undefined}
      hidden={status === 'success'}
    >
      <div ref={general} className="site-form-general" id={generalId} role="alert" tabIndex={-1}>
        {changingText(above)}
      </div>
      {definition.fields.slice(0, fieldCount).map((field) => (
        <Field key={field.id} field={field} formKey={formKey} error={errors[field.id]} headingLevel={headingLevel} />
      ))}
      {definition.captcha ? (
        <Captcha
          id={inputId(formKey, 'captcha')}
          handle={captcha}
          onStateChange={(state) => {
            if (state === 'verified') setCaptchaBlocked(false);
          }}
        />
      ) : null}
      {definition.disclaimer ? <div className="site-form-disclaimer" dangerouslySetInnerHTML={{ __html: trustedHtml(definition.disclaimer) }} /> : null}
      <button type="submit" className="site-form-submit" disabled={submitting || captchaBlocked} aria-disabled={submitting || captchaBlocked ? 'true' : undefined}>
        {changingText(submitting ? words.submitting : definition.submitButtonText || words.submit)}
      </button>
      <div className="site-form-general" role="status">
        {changingText(below)}
      </div>
    </form>
  );
}
