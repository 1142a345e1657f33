/** The public-site service's public surface: its module. */
export { publicSiteModule } from './module';
