/**
 * How a route's page is declared: lazily, with its texts and the real actors of the flows it draws
 * (src/app/flows.ts derives the flows' pages with it; src/app/routes.tsx the other pages).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteComponentProps } from 'wouter';
import { loadAreaCatalogues, loadCatalogueParts } from '../i18n/i18n';
import { FlowActorsProvider, type FlowActors } from '../runtime/flow-actors';

/** A page component: it may read the route params (or use wouter's useParams). */
export type PageComponent = ComponentType<RouteComponentProps>;

/** One route of the portal. */
export interface AppRoute {
  /** A wouter pattern ('/Statement', '/autentica/:token'); matching ignores case. */
  path: string;
  component: LazyExoticComponent<PageComponent>;
  /** Reachable without a token, rendered without the shell. */
  public?: boolean;
}

/** A module whose default export is a page, loaded on demand. */
export type PageLoader = () => Promise<{ default: PageComponent }>;

/** Loads some flows' real actors (an area's table of src/app/actors, or several merged). */
export type ActorsLoader = () => Promise<Partial<FlowActors>>;

/** The texts a page needs: the areas' catalogues (default), the bundled core only, or lazy parts. */
export type PageTexts = 'core' | 'areas' | readonly string[];

/**
 * Declares a lazily loaded page from a module whose default export is the page. The page's chunk
 * and the areas' catalogue texts load together, so it renders with its texts. Pages that need only
 * the bundled core texts (the public access pages) pass `{ texts: 'core' }` and load nothing more;
 * pages that need core texts and a lazy part of their own name it (`{ texts: ['access-password'] }`)
 * and load only that part, not every area's.
 * `actors` loads the real actors (src/app/actors) with the page, and the page is drawn inside a
 * FlowActorsProvider that gives them to its views (src/runtime/flow-actors.tsx).
 */
export const page = (
  load: PageLoader,
  { texts = 'areas', actors }: { texts?: PageTexts; actors?: ActorsLoader } = {},
): LazyExoticComponent<PageComponent> =>
  lazy(async () => {
    const [module, provided] = await Promise.all([
      load(),
      actors?.(),
      texts === 'core' ? undefined : texts === 'areas' ? loadAreaCatalogues() : loadCatalogueParts(texts),
    ]);
    if (!provided) return module;
    const Page = module.default;
    const WithActors = (props: RouteComponentProps) => (
      <FlowActorsProvider actors={provided}>
        <Page {...props} />
      </FlowActorsProvider>
    );
    return { default: WithActors };
  });

/** One loader of every table `loaders` give, merged (a table loaded twice is asked for once). */
export const mergeActors =
  (loaders: readonly ActorsLoader[]): ActorsLoader =>
  () =>
    Promise.all([...new Set(loaders)].map((load) => load())).then((tables) => Object.assign({}, ...tables));
