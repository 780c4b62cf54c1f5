// Package goproxy is the developer tools' client of the Go module proxy
// protocol (plain HTTP GETs of <module>/@v/...): the generators of opvet's
// knowledge tables (versionskewgen, apilifecyclegen) read go.mod files,
// version lists and module zips through it.
package goproxy

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// Client asks one module proxy.
type Client struct {
	// Base is the proxy's base URL, without a trailing slash.
	Base string
	// Cache, when set, is a module download cache ($GOMODCACHE/cache/download)
	// whose zips Zip reads before asking the proxy.
	Cache string
	http  *http.Client
}

// New returns a client of the proxy at base.
func New(base string) *Client {
	return &Client{Base: strings.TrimSuffix(base, "/"), http: &http.Client{Timeout: 120 * time.Second}}
}

// DefaultProxy is the first HTTP(S) entry of $GOPROXY, or proxy.golang.org.
func DefaultProxy() string {
	for _, p := range strings.FieldsFunc(os.Getenv("GOPROXY"), func(r rune) bool { return r == ',' || r == '|' }) {
		if strings.HasPrefix(p, "https://") || strings.HasPrefix(p, "http://") {
			return p
		}
	}
	return "https://proxy.golang.org"
}

// Get returns the body of <proxy>/<escaped path>/@v/<file>; a 404, 410 or
// 403 is (nil, nil).
func (c *Client) Get(path, file string) ([]byte, error) {
	ep, err := module.EscapePath(path)
	if err != nil {
		return nil, err
	}
	url := c.Base + "/" + ep + "/@v/" + file
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.http.Get(url)
		if err != nil {
			lastErr = err
			time.Sleep(time.Second)
			continue
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		switch {
		case err != nil:
			lastErr = err
		case resp.StatusCode == http.StatusOK:
			return body, nil
		case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone ||
			resp.StatusCode == http.StatusForbidden: // some proxies answer 403 for versions they do not serve
			return nil, nil
		default:
			lastErr = fmt.Errorf("GET %s: %s", url, resp.Status)
		}
		time.Sleep(time.Second)
	}
	return nil, lastErr
}

// Mod returns the go.mod of path@version, or nil when the proxy does not
// serve it.
func (c *Client) Mod(path, version string) ([]byte, error) {
	ev, err := module.EscapeVersion(version)
	if err != nil {
		return nil, err
	}
	return c.Get(path, ev+".mod")
}

// Zip returns the module zip of path@version: from the download cache
// when it holds it, else from the proxy. A version the proxy does not
// serve is an error.
func (c *Client) Zip(path, version string) ([]byte, error) {
	ep, err := module.EscapePath(path)
	if err != nil {
		return nil, err
	}
	ev, err := module.EscapeVersion(version)
	if err != nil {
		return nil, err
	}
	if c.Cache != "" {
		if data, err := os.ReadFile(filepath.Join(c.Cache, filepath.FromSlash(ep), "@v", ev+".zip")); err == nil {
			return data, nil
		}
	}
	data, err := c.Get(path, ev+".zip")
	if err == nil && data == nil {
		err = fmt.Errorf("%s@%s: the proxy does not serve it", path, version)
	}
	return data, err
}

// Releases returns every v0.minor.patch release (no pre-releases) of
// path with minor >= minMinor: the proxy's list, completed by probing
// vX.Y.Z.mod for each minor, because a proxy's list can be partial.
func (c *Client) Releases(path string, minMinor int) ([]string, error) {
	list, err := c.Get(path, "list")
	if err != nil {
		return nil, err
	}
	found := map[string]bool{}
	maxListed := minMinor
	for _, v := range strings.Fields(string(list)) {
		if semver.IsValid(v) && semver.Prerelease(v) == "" && semver.Build(v) == "" && semver.Major(v) == "v0" {
			found[v] = true
			if m := MinorOf(v); m > maxListed {
				maxListed = m
			}
		}
	}
	var (
		mu   sync.Mutex
		wg   sync.WaitGroup
		errs []error
		sem  = make(chan struct{}, 6)
	)
	for minor := minMinor; minor <= maxListed+2; minor++ {
		wg.Add(1)
		go func(minor int) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			misses, hit := 0, false
			for patch := 0; ; patch++ {
				v := fmt.Sprintf("v0.%d.%d", minor, patch)
				mu.Lock()
				known := found[v]
				mu.Unlock()
				if !known {
					data, err := c.Mod(path, v)
					if err != nil {
						mu.Lock()
						errs = append(errs, err)
						mu.Unlock()
						return
					}
					known = data != nil
				}
				if known {
					mu.Lock()
					found[v] = true
					mu.Unlock()
					hit, misses = true, 0
					continue
				}
				misses++
				// Before the first hit allow for releases that start late
				// (client-go v0.15.7); after it, stop at a short gap.
				if (hit && misses >= 3) || (!hit && misses >= 12) {
					return
				}
			}
		}(minor)
	}
	wg.Wait()
	if len(errs) > 0 {
		return nil, errs[0]
	}
	var vs []string
	for v := range found {
		if MinorOf(v) >= minMinor {
			vs = append(vs, v)
		}
	}
	semver.Sort(vs)
	return vs, nil
}

// NewestPerMinor returns the newest patch of each minor among vs, sorted.
func NewestPerMinor(vs []string) []string {
	best := map[int]string{}
	for _, v := range vs {
		m := MinorOf(v)
		if b, ok := best[m]; !ok || semver.Compare(v, b) > 0 {
			best[m] = v
		}
	}
	out := make([]string, 0, len(best))
	for _, v := range best {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return semver.Compare(out[i], out[j]) < 0 })
	return out
}

// MinorOf returns the minor of a v0.minor.patch version (0 if none).
func MinorOf(v string) int {
	var m int
	fmt.Sscanf(strings.TrimPrefix(semver.MajorMinor(v), "v0."), "%d", &m)
	return m
}
