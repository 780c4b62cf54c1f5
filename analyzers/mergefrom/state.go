package mergefrom

import "go/types"

// A fact says that a patch variable may hold the patch of rec, whose base
// still aliases the object it was taken from (no rebinding in between),
// and whether a change of that object was seen on the way.
type fact struct {
	rec *record
	mut *change // first change seen; nil if none
}

// state is what holds at one program point, over all paths reaching it. A
// nil *state, or one with dead set, is unreachable.
type state struct {
	dead  bool
	facts map[*types.Var][]fact // by patch variable
}

func newState() *state { return &state{facts: map[*types.Var][]fact{}} }

func deadState() *state { return &state{dead: true, facts: map[*types.Var][]fact{}} }

func (s *state) clone() *state {
	c := &state{dead: s.dead, facts: make(map[*types.Var][]fact, len(s.facts))}
	for v, fs := range s.facts {
		c.facts[v] = append([]fact(nil), fs...)
	}
	return c
}

// join returns the state holding on either a or b.
func join(a, b *state) *state {
	c := a.clone()
	c.merge(b)
	return c
}

// merge adds the paths of b to s, reporting whether s changed.
func (s *state) merge(b *state) bool {
	if b.dead {
		return false
	}
	changed := s.dead
	s.dead = false
	for v, fs := range b.facts {
		for _, f := range fs {
			if s.add(v, f) {
				changed = true
			}
		}
	}
	return changed
}

// add adds f to the facts of v, reporting whether s changed.
func (s *state) add(v *types.Var, f fact) bool {
	fs := s.facts[v]
	for i := range fs {
		if fs[i].rec.call != f.rec.call {
			continue
		}
		if fs[i].mut == nil && f.mut != nil {
			fs[i].mut = f.mut
			return true
		}
		return false
	}
	s.facts[v] = append(fs, f)
	return true
}

// update applies fn to every fact; fn returns the fact to keep, or false
// to drop it.
func (s *state) update(fn func(fact) (fact, bool)) {
	for v, fs := range s.facts {
		kept := fs[:0]
		for _, f := range fs {
			if g, ok := fn(f); ok {
				kept = append(kept, g)
			}
		}
		if len(kept) == 0 {
			delete(s.facts, v)
		} else {
			s.facts[v] = kept
		}
	}
}
