export default { skipTrailingSlashRedirect: true, poweredByHeader: false };
