/**
 * EJECTED from @docusaurus/theme-classic/src/theme/LastUpdated/index.tsx (Docusaurus 3.10.2).
 *
 * Why ejected rather than wrapped: the date is formatted inside the component with
 * `useDateTimeFormat` (`Intl.DateTimeFormat`), whose first use in the browser loads ICU's Russian date
 * data while the page hydrates. A wrapper cannot change that. The change, marked CUSTOM CODE: the same
 * text from src/lib/dates.ts, without `Intl`. The original's dev-server note in English
 * («Simulated during dev…») is left out.
 */
import React, { type ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import { ThemeClassNames } from '@docusaurus/theme-common';
import type { Props } from '@theme/LastUpdated';
// CUSTOM CODE
import { formatShortDateRu } from '@site/src/lib/dates';
// CUSTOM CODE END

function LastUpdatedAtDate({ lastUpdatedAt }: { lastUpdatedAt: number }): ReactNode {
  const atDate = new Date(lastUpdatedAt);
  // CUSTOM CODE: no Intl.DateTimeFormat (same text: day, short month, year, UTC).
  const formattedLastUpdatedAt = formatShortDateRu(atDate);
  // CUSTOM CODE END
  return (
    <Translate
      id="theme.lastUpdated.atDate"
      description="The words used to describe on which date a page has been last updated"
      values={{
        date: (
          <b>
            <time dateTime={atDate.toISOString()} itemProp="dateModified">
              {formattedLastUpdatedAt}
            </time>
          </b>
        ),
      }}>
      {' on {date}'}
    </Translate>
  );
}

function LastUpdatedByUser({ lastUpdatedBy }: { lastUpdatedBy: string }): ReactNode {
  return (
    <Translate
      id="theme.lastUpdated.byUser"
      description="The words used to describe by who the page has been last updated"
      values={{
        user: <b>{lastUpdatedBy}</b>,
      }}>
      {' by {user}'}
    </Translate>
  );
}

export default function LastUpdated({ lastUpdatedAt, lastUpdatedBy }: Props): ReactNode {
  return (
    <span className={ThemeClassNames.common.lastUpdated}>
      <Translate
        id="theme.lastUpdated.lastUpdatedAtBy"
        description="The sentence used to display when a page has been last updated, and by who"
        values={{
          atDate: lastUpdatedAt ? <LastUpdatedAtDate lastUpdatedAt={lastUpdatedAt} /> : '',
          byUser: lastUpdatedBy ? <LastUpdatedByUser lastUpdatedBy={lastUpdatedBy} /> : '',
        }}>
        {'Last updated{atDate}{byUser}'}
      </Translate>
      {/* CUSTOM CODE: the dev server's English note («Simulated during dev…») is left out */}
      {/* CUSTOM CODE END */}
    </span>
  );
}
