// libyaml (libyaml-dev): the event parser reads front matter and deckgen.yml.
#include <yaml.h>
