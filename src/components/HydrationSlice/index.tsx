/**
 * A part of the page hydrated after the first pass, in a task of its own (`src/lib/hydration/slices.ts`).
 *
 * The child must render exactly one DOM element: while it waits, Preact keeps that one server-rendered
 * node. On the server, with React in the browser (`DOCS_PREACT=false`) and on client-side navigation
 * the slice renders its child as it is.
 */
import React, { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { slices, type Slice } from '@site/src/lib/hydration/slices';

interface Props {
  children: ReactNode;
}

/** Throws the slice's promise until the queue releases it: Preact keeps the DOM and resumes later. */
class Gate extends Component<Props> {
  private readonly slice: Slice | null = slices.take();

  override render(): ReactNode {
    if (this.slice && !this.slice.done) throw this.slice.promise;
    return this.props.children;
  }
}

export default function HydrationSlice({ children }: Props): ReactNode {
  if (!slices.enabled) return children;
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}

/**
 * A theme component hydrated as a slice: what the wrappers in src/theme/ (navbar, footer, docs sidebar,
 * table of contents) export. The component must render exactly one DOM element.
 */
export function sliced<P extends object>(Original: ComponentType<P>): (props: P) => ReactNode {
  return function Sliced(props: P): ReactNode {
    return (
      <HydrationSlice>
        <Original {...props} />
      </HydrationSlice>
    );
  };
}
