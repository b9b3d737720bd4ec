/**
 * «Была ли страница полезной?» under each doc page, in builds with the analytics counter or
 * `DOCS_SIGNALS=site` only (plugins/analytics adds it; without them no code of it ships). «Да» or
 * «Нет» is sent as the goal `page_feedback` (to the counter and/or the site's `/_signals`) with the
 * page's path, the answer and, after «Нет», the reason the
 * reader picks (or `none`). One answer per page per reader: remembered in the browser, the form then
 * shows the thanks. A «Нет» left without a reason is sent as it is when the reader leaves the page.
 *
 * Plain buttons: a click before the page is interactive is held back by the boot and replayed once it
 * is (src/lib/hydration/boot.ts). Decisions and texts of the goals: src/lib/reader/goals.ts.
 */
import React, { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import { sendGoal } from '@monq/goals';
import {
  FEEDBACK_REASONS,
  GOALS,
  feedbackIssueUrl,
  feedbackKey,
  feedbackParams,
  type FeedbackAnswer,
  type FeedbackReason,
} from '@site/src/lib/reader/goals';
import { ISSUES_URL } from '@site/src/shared/site';
import styles from './styles.module.css';

type Step = 'ask' | 'reasons' | 'done';

function remembered(pathname: string): FeedbackAnswer | null {
  try {
    const value = window.localStorage.getItem(feedbackKey(pathname));
    return value === 'yes' || value === 'no' ? value : null;
  } catch {
    return null;
  }
}

function remember(pathname: string, answer: FeedbackAnswer): void {
  try {
    window.localStorage.setItem(feedbackKey(pathname), answer);
  } catch {
    // private mode or storage full: the answer is sent, only not remembered
  }
}

export default function PageFeedback(): ReactNode {
  const { pathname } = useLocation();
  const [step, setStep] = useState<Step>('ask');
  const [answer, setAnswer] = useState<FeedbackAnswer | null>(null);
  const reasonsRef = useRef<HTMLFieldSetElement>(null);
  /** A «Нет» whose reason is not chosen yet: sent with `none` if the reader leaves. */
  const unsent = useRef(false);

  useEffect(() => {
    const known = remembered(pathname);
    setAnswer(known);
    setStep(known ? 'done' : 'ask');
  }, [pathname]);

  const send = useCallback(
    (value: FeedbackAnswer, reason: FeedbackReason | null) => {
      unsent.current = false;
      sendGoal(GOALS.feedback, feedbackParams(pathname, value, reason));
      remember(pathname, value);
      setAnswer(value);
      setStep('done');
    },
    [pathname],
  );

  // Leaving the page (another route, or closing the tab) with a «Нет» and no reason.
  useEffect(() => {
    const flush = () => {
      if (unsent.current) send('no', 'none');
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [send]);

  useEffect(() => {
    if (step === 'reasons') reasonsRef.current?.querySelector('button')?.focus();
  }, [step]);

  const issueUrl =
    typeof window === 'undefined' ? ISSUES_URL : feedbackIssueUrl(ISSUES_URL, window.location.href.split('#')[0]!, document.title);

  return (
    <section className={styles.feedback} aria-label="Отзыв о странице">
      {step === 'ask' && (
        <fieldset className={styles.group}>
          <legend className={styles.question}>Была ли страница полезной?</legend>
          <button type="button" className="button button--outline button--primary" onClick={() => send('yes', null)}>
            Да
          </button>
          <button
            type="button"
            className="button button--outline button--primary"
            onClick={() => {
              unsent.current = true;
              remember(pathname, 'no');
              setAnswer('no');
              setStep('reasons');
            }}>
            Нет
          </button>
        </fieldset>
      )}
      {step === 'reasons' && (
        <fieldset className={styles.group} ref={reasonsRef}>
          <legend className={styles.question}>Что было не так? Выберите причину — это необязательно.</legend>
          {FEEDBACK_REASONS.map((reason) => (
            <button key={reason.id} type="button" className="button button--outline button--secondary" onClick={() => send('no', reason.id)}>
              {reason.label}
            </button>
          ))}
          <button type="button" className="button button--link" onClick={() => send('no', 'none')}>
            Без причины
          </button>
        </fieldset>
      )}
      {step === 'done' && (
        <p className={styles.thanks} role="status">
          Спасибо, ответ учтён.
        </p>
      )}
      {answer === 'no' && (
        <p className={styles.issue}>
          Опишите, что исправить, — <a href={issueUrl}>откройте задачу в репозитории документации</a>: адрес страницы уже
          будет в ней.
        </p>
      )}
    </section>
  );
}
