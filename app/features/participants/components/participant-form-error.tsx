import { Alert } from "~/platform/ui/static";
import css from "~/features/participants/components/participants.module.css";
import { useTranslation } from "react-i18next";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";

/**
 * The participant form's errors that belong to no field (a refusal of the service, the schema's form errors), each
 * a key with values from the server (features/participants/refusals.ts).
 */
export function ParticipantFormError({ formError, formErrors }: { formError?: PageMessage | null; formErrors?: PageMessage[] }) {
  const { t } = useTranslation();
  const say = (message: PageMessage) => messageText(t, message);
  return (
    <>
      {formError && (
        <Alert severity="error" className={css.alert} data-testid="participant-form-error">
          {say(formError)}
        </Alert>
      )}
      {formErrors && formErrors.length > 0 && (
        <Alert severity="error" className={css.alert} data-testid="participant-form-error">
          {formErrors.map(say).join(" ")}
        </Alert>
      )}
    </>
  );
}
