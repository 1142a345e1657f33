import { graphPageSchemas } from '../../modules/papers';
import { publicPaperSchema } from '../../shared/papers/public-paper';

/** The answers of the public door's references and cited-by pages (OpenAPI components `PaperReferencesPage`, `PaperCitedByPage`). */
export const PUBLIC_GRAPH_PAGES = graphPageSchemas(publicPaperSchema, 'Paper');
