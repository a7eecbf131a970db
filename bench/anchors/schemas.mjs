// The benchmark's entity definitions, built on any Entity base that follows the data-client
// class shape (static key, static schema, instance defaults): our Entity18 / Entity10 and, in
// the ours column, rest-signals' Entity. One definition, so every engine does the same job.

/** Project / BuildType / User / Author / Article classes on `Base`, and the long-list schema. */
export function defineSchemas(Base, { pkMethod = false } = {}) {
  const withPk = pkMethod ? C => Object.defineProperty(C.prototype, 'pk', { value() { return this.id; } }) && C : C => C;

  const BuildType = withPk(class BuildType extends Base {
    id = ''; internalId = ''; name = ''; type = 'regular'; paused = false; projectId = '';
    static key = 'BuildTypeDescription';
  });
  const Project = withPk(class Project extends Base {
    id = ''; internalId = ''; name = ''; parentProjectId = ''; archived = false; buildTypes = { buildType: [] };
    static key = 'ProjectWithBuildTypesDescription';
    static schema = { buildTypes: { buildType: [BuildType] } };
  });
  const User = class User extends Base {
    login = ''; id = 0; name = ''; type = 'User'; site_admin = false; public_repos = 0; followers = 0; following = 0;
    static key = 'User';
    static pk(value) { return value.login; }
  };
  if (pkMethod) Object.defineProperty(User.prototype, 'pk', { value() { return this.login; } });
  const Author = withPk(class Author extends Base {
    id = ''; name = ''; email = '';
    static key = 'Author';
  });
  const Article = withPk(class Article extends Base {
    id = ''; title = ''; body = ''; tags = []; views = 0; author = null;
    static key = 'Article';
    static schema = { author: Author };
  });
  return { BuildType, Project, User, Author, Article, ProjectSchema: { project: [Project] } };
}
