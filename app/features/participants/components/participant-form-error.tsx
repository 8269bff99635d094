import { Alert } from "~/platform/ui/static";
import css from "~/features/participants/components/participants.module.css";
import { useTranslation } from "react-i18next";
import { participantMessage } from "~/features/participants/messages";
import { messageText } from "~/platform/i18n/page-message";

/**
 * The participant form's errors that belong to no field (a refusal of the service, the schema's form errors), each
 * said through its key (features/participants/messages.ts): the server writes them in English.
 */
export function ParticipantFormError({ formError, formErrors }: { formError?: string | null; formErrors?: string[] }) {
  const { t } = useTranslation();
  const say = (message: string) => messageText(t, participantMessage(message));
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
