/** The paper-changes service's public surface: its module. */
export { paperChangesModule } from './module';
