import { useEffect, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { CAPTCHA_SLOW_LEVEL, type IssuedCaptcha } from "#server/contract/auth";
import { Field } from "~/components/Field";
import * as ui from "~/styles/ui.css";

/**
 * The challenge as GET /captcha issued it (keys not camelized): the PNG code to type without JavaScript, and the
 * ALTCHA proof of work the browser solves when JavaScript runs.
 */
export type LoginCaptchaChallenge = Pick<IssuedCaptcha, "id" | "image" | "pow" | "level">;

type Solving = "idle" | "solving" | "solved" | "failed";

/**
 * The login captcha (ADR 021). Rendered on the server as an image and a text
 * field, which is all a member without JavaScript needs. With JavaScript the
 * browser solves the proof of work itself and the image steps aside; if that
 * fails (an old browser, no WebCrypto) the image stays.
 */
export function LoginCaptcha({
  captcha,
  answer,
  errors,
}: {
  captcha: LoginCaptchaChallenge;
  answer: InputHTMLAttributes<HTMLInputElement>;
  errors?: string[];
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<Solving>("idle");
  const [payload, setPayload] = useState("");

  useEffect(() => {
    if (typeof crypto === "undefined" || !crypto.subtle) return;
    const controller = new AbortController();
    setState("solving");
    setPayload("");
    import("~/utils/proof-of-work.client")
      .then(({ solveProofOfWork }) => solveProofOfWork(captcha.pow, controller))
      .then((solved) => {
        if (controller.signal.aborted) return;
        setPayload(solved ?? "");
        setState(solved ? "solved" : "failed");
      })
      .catch(() => {
        if (!controller.signal.aborted) setState("failed");
      });
    return () => controller.abort();
  }, [captcha]);

  return (
    <div className={ui.stack} data-captcha data-captcha-state={state}>
      <p>{t("login.captcha_intro")}</p>
      <input type="hidden" name="captcha_id" value={captcha.id} />
      {state === "solved" ? (
        <>
          <input type="hidden" name="captcha_pow" value={payload} />
          <p className={ui.notice} role="status" data-captcha-solved>
            {t("login.captcha_solved")}
          </p>
        </>
      ) : (
        <>
          {state === "solving" ? (
            <p className={ui.muted} role="status">
              {t("login.captcha_solving")}
              {/* After repeated failures the work grows (ADR 056): say why it takes longer, and that typing is quicker. */}
              {captcha.level >= CAPTCHA_SLOW_LEVEL ? ` ${t("login.captcha_solving_slow")}` : null}
            </p>
          ) : null}
          <img src={captcha.image} alt={t("login.captcha_alt")} width={230} height={76} />
          <Field label={t("login.captcha_label")} autoComplete="off" {...answer} name="captcha_answer" errors={errors} />
        </>
      )}
    </div>
  );
}
