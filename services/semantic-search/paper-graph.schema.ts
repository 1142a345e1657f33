import { graphPageSchemas } from '../../modules/papers';
import { semanticPaperSchema } from './semantic-paper';

/** The data API's references and cited-by answers (OpenAPI components `SemanticPaperReferencesPage`, `SemanticPaperCitedByPage`). */
export const API_GRAPH_PAGES = graphPageSchemas(semanticPaperSchema, 'SemanticPaper');
