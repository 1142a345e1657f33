-- Processes holding a read snapshot of company data rebuild it when a load commits.
CREATE OR REPLACE FUNCTION notify_company_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('company_data_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;

CREATE TRIGGER companies_changed AFTER INSERT OR UPDATE OR DELETE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_company_data_changed();
CREATE TRIGGER company_sbt_changed AFTER INSERT OR UPDATE OR DELETE ON company_sbt
  FOR EACH STATEMENT EXECUTE FUNCTION notify_company_data_changed();
CREATE TRIGGER gx_metrics_changed AFTER INSERT OR UPDATE OR DELETE ON gx_metrics
  FOR EACH STATEMENT EXECUTE FUNCTION notify_company_data_changed();
