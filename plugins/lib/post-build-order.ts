/**
 * The order of the site's post-build steps. Docusaurus starts the `postBuild` of every plugin at once
 * (`Promise.all`), so each step that reads what another writes says so here, and its plugin runs its
 * work through `PostBuildOrder.run`: the work starts once the steps it comes after have finished.
 *
 *   search-index ──▶ llms (Markdown twins, llms.txt) ──┐
 *   redirect-pages (@docusaurus/plugin-client-redirects) ─┼──▶ deploy (CSP, nginx rules, .gz/.br)
 *   sitemap (@docusaurus/plugin-sitemap) ──────────────┘
 *
 * A step waits only for the steps registered in this build (hosted search has no search-index). The
 * order lives in the plugins' closures, one per load of the site (`LoadContext`): no file is polled.
 */
import type { LoadContext, Plugin, PluginModule as DocusaurusPluginModule } from '@docusaurus/types';

/** Each post-build step and the steps whose files it reads. */
export const POST_BUILD_AFTER = {
  'search-index': [],
  llms: ['search-index'],
  'redirect-pages': [],
  sitemap: [],
  deploy: ['search-index', 'llms', 'redirect-pages', 'sitemap'],
} as const satisfies Record<string, readonly string[]>;

export type PostBuildStep = keyof typeof POST_BUILD_AFTER;

interface Finished {
  promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

export class PostBuildOrder {
  private readonly registered = new Set<PostBuildStep>();
  private readonly finished = new Map<PostBuildStep, Finished>();
  /** The steps in the order their work started (for tests and the build log). */
  readonly started: PostBuildStep[] = [];

  /** A plugin that runs `step` in this build says so when Docusaurus creates it. */
  register(step: PostBuildStep): void {
    this.registered.add(step);
  }

  private finishedOf(step: PostBuildStep): Finished {
    let entry = this.finished.get(step);
    if (!entry) {
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<void>((done, fail) => {
        resolve = done;
        reject = fail;
      });
      // Observed here: a failure is reported by the step itself (Docusaurus's Promise.all), not twice.
      promise.catch(() => undefined);
      entry = { promise, resolve, reject };
      this.finished.set(step, entry);
    }
    return entry;
  }

  /** Runs `work` once the registered steps that `step` comes after have finished. */
  async run(step: PostBuildStep, work: () => Promise<void>): Promise<void> {
    const own = this.finishedOf(step);
    try {
      const before: readonly PostBuildStep[] = POST_BUILD_AFTER[step];
      await Promise.all(before.filter((other) => this.registered.has(other)).map((other) => this.finishedOf(other).promise));
      this.started.push(step);
      await work();
      own.resolve();
    } catch (error) {
      own.reject(error);
      throw error;
    }
  }
}

const orders = new WeakMap<LoadContext, PostBuildOrder>();

/** The order of one load of the site: every plugin gets the same `context` object from Docusaurus. */
export function postBuildOrder(context: LoadContext): PostBuildOrder {
  let order = orders.get(context);
  if (!order) {
    order = new PostBuildOrder();
    orders.set(context, order);
  }
  return order;
}

/** A plugin module as Docusaurus loads it: the plugin function and its option validation. */
interface PluginModule<Options, Content> {
  default: (context: LoadContext, options: Options) => Plugin<Content> | null | Promise<Plugin<Content> | null>;
  validateOptions?: unknown;
}

/** A plugin function as the site config registers it, with the module's option validation. */
type PluginFunction<Options, Content> = PluginModule<Options, Content>['default'] & { validateOptions?: unknown };

/**
 * A plugin of Docusaurus (sitemap, client redirects) whose postBuild takes its place in the order:
 * the plugin is created as usual, and the steps that come after it wait for its postBuild.
 */
export function withPostBuildStep<Options, Content>(step: PostBuildStep, module: PluginModule<Options, Content>): DocusaurusPluginModule {
  const wrapped: PluginFunction<Options, Content> = async (context, options) => {
    const instance = await module.default(context, options);
    return instance ? inPostBuildOrder(step, context, instance) : instance;
  };
  wrapped.validateOptions = module.validateOptions;
  return wrapped as unknown as DocusaurusPluginModule;
}

/** A plugin instance whose postBuild runs as `step` of the order of its load of the site. */
export function inPostBuildOrder<Content>(step: PostBuildStep, context: LoadContext, instance: Plugin<Content>): Plugin<Content> {
  if (!instance.postBuild) return instance;
  const order = postBuildOrder(context);
  order.register(step);
  const postBuild = instance.postBuild.bind(instance);
  return { ...instance, postBuild: (props) => order.run(step, async () => postBuild(props)) };
}
